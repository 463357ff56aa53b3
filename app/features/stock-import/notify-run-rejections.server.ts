import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "~/db/client.server";
import { stockImportRuns } from "~/db/schema";
import { renderEmail } from "~/server/email-layout";
import type { Mailer } from "~/server/mailer.server";
import { STOCK_PAGE_PATH } from "./stock-import-paths";

/**
 * 'Votre import comporte des lignes refusées' (issue 35): once per run that ended with
 * rejections, recorded in the transaction that ends the run (outbox: the e-mail exists exactly
 * when the report does). The report itself is on 'Mon stock', not in the e-mail.
 */
export async function notifyRunRejections(
  tx: DbExecutor,
  deps: { mailer?: Mailer; publicUrl?: string },
  run: { runId: string; email: string; companyName: string; rejected: number },
): Promise<boolean> {
  if (!deps.mailer) return false;
  const marked = await tx
    .update(stockImportRuns)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(stockImportRuns.id, run.runId), isNull(stockImportRuns.notifiedAt)))
    .returning({ id: stockImportRuns.id });
  if (marked.length === 0) return false;
  const lines = run.rejected === 1 ? "1 ligne a été refusée" : `${run.rejected} lignes ont été refusées`;
  const content = renderEmail({
    subject: `Import de stock : ${lines}`,
    greeting: `Bonjour ${run.companyName},`,
    paragraphs: [
      `Votre import de stock est terminé : ${lines}. Les autres véhicules ont été importés.`,
      "Le rapport donne, pour chaque ligne refusée, son numéro et la raison. Corrigez ces lignes dans votre fichier et importez-le à nouveau : les véhicules déjà importés ne seront pas dupliqués.",
    ],
    action: { label: "Voir le rapport", url: `${deps.publicUrl ?? ""}${STOCK_PAGE_PATH}` },
  });
  await deps.mailer.send(
    { to: run.email, subject: content.subject, text: content.text, html: content.html },
    { db: tx },
  );
  return true;
}
