import { escapeHtml, type EmailContent } from "~/server/email-layout";
import { formatPrice } from "~/ui/format";
import { dropPercent } from "./price-drop";

export const PRICE_DROP_SUBJECT = "Prix en baisse sur vos favoris";

export interface PriceDropEmailItem {
  title: string;
  url: string;
  /** Absolute URL of the first photo, if any. */
  photoUrl: string | null;
  previousPrice: number;
  price: number;
}

/** Items listed in one e-mail; the rest are counted ('et N autres'). */
export const MAX_EMAIL_ITEMS = 10;

/** 'Prix en baisse sur vos favoris': photo, title, old → new price and a link for each listing. */
export function priceDropEmail(options: {
  name: string;
  items: PriceDropEmailItem[];
  favoritesUrl: string;
  preferencesUrl: string;
}): EmailContent {
  const shown = options.items.slice(0, MAX_EMAIL_ITEMS);
  const more = options.items.length - shown.length;
  const intro =
    options.items.length === 1
      ? "Le prix d'une annonce de vos favoris a baissé :"
      : `Le prix de ${options.items.length} annonces de vos favoris a baissé :`;
  const line = (i: PriceDropEmailItem) =>
    `${i.title} : ${formatPrice(i.previousPrice)} → ${formatPrice(i.price)} (−${dropPercent(i.previousPrice, i.price)} %)`;
  const moreText = more > 0 ? `et ${more} ${more === 1 ? "autre" : "autres"} : ${options.favoritesUrl}` : null;
  const greeting = options.name ? `Bonjour ${options.name},` : "Bonjour,";
  const footer = `Vous recevez cet e-mail (au plus un par jour) parce que ces annonces sont dans vos favoris. Ne plus le recevoir : ${options.preferencesUrl}`;
  const text = [
    greeting,
    "",
    intro,
    "",
    ...shown.flatMap((i) => [line(i), i.url, ""]),
    ...(moreText ? [moreText, ""] : []),
    "L'équipe Occazio",
    "",
    footer,
  ].join("\n");
  const rows = shown
    .map(
      (i) => `<tr>
<td style="padding:8px 12px 8px 0;vertical-align:top;width:120px">${
        i.photoUrl
          ? `<a href="${escapeHtml(i.url)}"><img src="${escapeHtml(i.photoUrl)}" alt="${escapeHtml(i.title)}" width="120" style="display:block;width:120px;height:auto;border-radius:6px"></a>`
          : ""
      }</td>
<td style="padding:8px 0;vertical-align:top">
<a href="${escapeHtml(i.url)}" style="font-weight:bold;color:#0f172a">${escapeHtml(i.title)}</a><br>
<s style="color:#64748b">${escapeHtml(formatPrice(i.previousPrice))}</s> → <strong style="color:#1b5fe0">${escapeHtml(formatPrice(i.price))}</strong>
<span style="color:#047857">(−${dropPercent(i.previousPrice, i.price)} %)</span><br>
<a href="${escapeHtml(i.url)}" style="color:#1b5fe0">Voir l'annonce</a>
</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0">${rows}</table>
${moreText ? `<p><a href="${escapeHtml(options.favoritesUrl)}">${escapeHtml(`et ${more} ${more === 1 ? "autre" : "autres"}`)}</a></p>` : ""}
<p style="color:#64748b">L'équipe Occazio</p>
<p style="color:#64748b;font-size:12px">Vous recevez cet e-mail (au plus un par jour) parce que ces annonces sont dans vos favoris. <a href="${escapeHtml(options.preferencesUrl)}">Ne plus recevoir ces e-mails</a></p>
</body></html>`;
  return { subject: PRICE_DROP_SUBJECT, text, html };
}
