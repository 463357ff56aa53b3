import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { dismissReport } from "~/features/moderation/dismiss-report.server";
import { listLargePriceChanges, listPendingRevisions, rejectRevision, validateRevision } from "~/features/moderation/listing-revisions.server";
import { listModerationHistory } from "~/features/moderation/list-moderation-history.server";
import { listModerationQueue } from "~/features/moderation/list-moderation-queue.server";
import { listOpenReports } from "~/features/moderation/list-open-reports.server";
import { listPendingPros } from "~/features/moderation/list-pending-pros.server";
import { listReviewSamples } from "~/features/moderation/list-review-samples.server";
import { listVerifiedPros } from "~/features/moderation/list-verified-pros.server";
import { setProTrust } from "~/features/moderation/change-pro-trust.server";
import { confirmReviewSample, removeReviewSample } from "~/features/moderation/decide-review-sample.server";
import { moderationTab, pageParam, type ModerationActionResult } from "~/features/moderation/moderation-action-data";
import { ModerationPage } from "~/features/moderation/moderation-page";
import { requireModerator } from "~/features/moderation/moderator.server";
import { refusePro } from "~/features/moderation/refuse-pro.server";
import { rejectListing } from "~/features/moderation/reject-listing.server";
import { removeReportedListing } from "~/features/moderation/remove-reported-listing.server";
import { suspendAccount } from "~/features/moderation/suspend-account.server";
import { validateListing } from "~/features/moderation/validate-listing.server";
import { validatePro } from "~/features/moderation/validate-pro.server";
import { warnAccount } from "~/features/moderation/warn-account.server";
import { isAppError } from "~/server/app-error";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/moderation";
import { readFormData } from "~/server/request-body.server";

export function meta() {
  return [...pageMeta("Modération", "File de validation des annonces et signalements."), { name: "robots", content: "noindex" }];
}

async function moderator(request: Request, context: Route.LoaderArgs["context"]) {
  const me = await getSessionUser(request, context.services);
  try {
    return requireModerator(me);
  } catch {
    // Not a moderator: the page does not exist for them.
    throw data(null, { status: 404 });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await moderator(request, context);
  const { db, storage, config } = context.services;
  const params = new URL(request.url).searchParams;
  const tab = moderationTab(params);
  const page = pageParam(params);
  const [queue, reports, revisions, priceChanges, pros, history, samples, verifiedPros] = await Promise.all([
    listModerationQueue({ db, storage, viewer: me, page: tab === "queue" ? page : 1 }),
    listOpenReports({ db, viewer: me }),
    listPendingRevisions({ db, storage, viewer: me }),
    listLargePriceChanges({ db, viewer: me }),
    listPendingPros({ db, storage, viewer: me }),
    tab === "history"
      ? listModerationHistory({
          db,
          viewer: me,
          page,
          listingId: params.get("annonce"),
          moderatorId: params.get("moderateur"),
          accountId: params.get("compte"),
        })
      : null,
    tab === "queue" ? listReviewSamples({ db, storage, viewer: me, percent: config.TRUSTED_REVIEW_SAMPLE_PERCENT }) : null,
    tab === "pros"
      ? listVerifiedPros({ db, viewer: me, page, query: params.get("pro"), trustedOnly: params.get("confiance") === "1" })
      : null,
  ]);
  return { queue, reports, revisions, priceChanges, pros, history, samples, verifiedPros };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await moderator(request, context);
  const { db, storage, mailer, events, logger, config, jobs } = context.services;
  const notifier = { mailer, events, logger, publicUrl: config.PUBLIC_URL, jobs };
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const text = (name: string) => String(form.get(name) ?? "");
  // The new photos the moderator saw on the card: one added since stays waiting.
  const photoIds = () => form.getAll("photoId").map(String);
  const done = (ok: string): ModerationActionResult => ({ ok, id });
  try {
    switch (intent) {
      case "validate":
        await validateListing({ db, viewer: me, listingId: id, notifier });
        return done("Annonce validée : elle est en ligne.");
      case "reject":
        await rejectListing({ db, viewer: me, listingId: id, reasonCode: text("reasonCode"), reasonText: text("reasonText"), notifier });
        return done("Annonce refusée : le vendeur a été prévenu.");
      case "validate-revision":
        await validateRevision({ db, viewer: me, listingId: id, photoIds: photoIds(), notifier });
        return done("Modification validée : les acheteurs voient la nouvelle version.");
      case "reject-revision":
        await rejectRevision({
          db,
          storage,
          viewer: me,
          listingId: id,
          photoIds: photoIds(),
          reasonCode: text("reasonCode"),
          reasonText: text("reasonText"),
          notifier,
        });
        return done("Modification refusée : l'annonce validée reste en ligne et le vendeur a été prévenu.");
      case "validate-pro":
        await validatePro({ db, viewer: me, userId: id, notifier });
        return done("Professionnel vérifié : il a été prévenu par e-mail.");
      case "refuse-pro":
        await refusePro({ db, viewer: me, userId: id, reason: text("reason"), notifier });
        return done("Profil professionnel refusé : le motif lui a été envoyé par e-mail.");
      case "trust-pro":
        await setProTrust({ db, viewer: me, userId: id, trusted: true, reason: text("reason"), notifier });
        return done("Professionnel marqué « de confiance » : ses imports sont publiés directement et contrôlés par échantillon.");
      case "untrust-pro":
        await setProTrust({ db, viewer: me, userId: id, trusted: false, reason: text("reason"), notifier });
        return done("Confiance retirée : ses imports repassent par la validation.");
      case "confirm-sample":
        await confirmReviewSample({ db, viewer: me, listingId: id });
        return done("Annonce conforme : le contrôle est enregistré.");
      case "remove-sample": {
        const { trustWithdrawn } = await removeReviewSample({
          db,
          viewer: me,
          listingId: id,
          reasonCode: text("reasonCode"),
          reasonText: text("reasonText"),
          withdrawTrust: form.get("withdrawTrust") === "on",
          notifier,
        });
        return done(
          `Annonce retirée : le professionnel a été prévenu.${trustWithdrawn ? " Sa confiance lui a été retirée." : ""}`,
        );
      }
      case "dismiss-report":
        await dismissReport({ db, viewer: me, reportId: id });
        return done("Signalement classé sans suite.");
      case "remove-listing":
        await removeReportedListing({ db, viewer: me, reportId: id, reasonText: text("reasonText"), notifier });
        return done("Annonce retirée : le vendeur a été prévenu.");
      case "warn-account":
        await warnAccount({ db, viewer: me, reportId: id, note: text("note"), notifier });
        return done("Avertissement envoyé : le signalement est traité.");
      case "suspend-account":
        await suspendAccount({ db, viewer: me, reportId: id, note: text("note"), notifier });
        return done("Compte suspendu : ses sessions sont fermées et le titulaire a été prévenu.");
      default:
        return data<ModerationActionResult>({ error: "Action inconnue.", id }, { status: 400 });
    }
  } catch (error) {
    if (isAppError(error)) {
      return data<ModerationActionResult>({ error: error.message, id, fieldErrors: error.details?.fieldErrors }, { status: error.status });
    }
    throw error;
  }
}

export default function Moderation({ loaderData }: Route.ComponentProps) {
  return <ModerationPage data={loaderData} />;
}
