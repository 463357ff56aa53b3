import { data } from "react-router";
import { z } from "zod";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { getSessionUser } from "~/features/auth/session.server";
import { visitorKey } from "~/features/listings/listing-detail.server";
import { reportListing } from "~/features/moderation/report-listing.server";
import { isAppError } from "~/server/app-error";
import { retryAfterHeaders } from "~/server/retry-after";
import type { Route } from "./+types/api.listing-report";

const bodySchema = z.object({ reasonCode: z.string().max(32), message: z.string().max(2000).optional() });

/** POST /api/listings/:id/report { reasonCode, message? } — 'Signaler l'annonce', open to visitors, rate-limited. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Requête invalide." }, { status: 400 });
  const me = await getSessionUser(request, context.services);
  try {
    await context.services.rateLimits.within(
      "report",
      // The address, not the User-Agent: a client must not reset its own limit by changing it.
      visitorKey({ userId: me?.id, ip: request.headers.get(CLIENT_IP_HEADER) }),
      () => reportListing({ db: context.services.db, reporterId: me?.id ?? null, listingId: params.id, ...parsed.data }),
    );
    return data({ ok: true, message: "Merci : votre signalement a été transmis à notre équipe de modération." });
  } catch (error) {
    if (isAppError(error)) {
      return data({ error: error.message, fieldErrors: error.details?.fieldErrors }, { status: error.status, headers: retryAfterHeaders(error) });
    }
    throw error;
  }
}
