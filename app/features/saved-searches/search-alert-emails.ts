import { escapeHtml, type EmailContent } from "~/server/email-layout";
import { formatCount, formatPrice } from "~/ui/format";

/** At most this many listings in one alert e-mail, then 'et N autres'. */
export const MAX_LISTINGS_PER_EMAIL = 10;

export interface AlertListing {
  title: string;
  price: number | null;
  place: string;
  url: string;
  photoUrl: string | null;
}

export interface AlertSection {
  searchName: string;
  resultsUrl: string;
  unsubscribeUrl: string;
  listings: AlertListing[];
}

const newListings = (n: number) => formatCount(n, "nouvelle annonce", "nouvelles annonces");

/**
 * A saved-search alert ('Immédiate': one section; 'Quotidienne': one section per search).
 * Each listing with photo, title, price, place and link, 10 at most overall then 'et N autres';
 * each search with its one-click unsubscribe link; the link to manage every alert.
 */
export function searchAlertEmail(options: {
  name: string;
  sections: AlertSection[];
  daily: boolean;
  manageUrl: string;
}): EmailContent {
  const total = options.sections.reduce((n, s) => n + s.listings.length, 0);
  const subject = options.daily
    ? `Vos alertes du jour : ${newListings(total)}`
    : `${newListings(total)} pour « ${options.sections[0]?.searchName ?? ""} »`;
  const greeting = options.name ? `Bonjour ${options.name},` : "Bonjour,";
  let budget = MAX_LISTINGS_PER_EMAIL;
  const text: string[] = [greeting, ""];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`];
  for (const section of options.sections) {
    const shown = section.listings.slice(0, Math.max(0, budget));
    budget -= shown.length;
    const rest = section.listings.length - shown.length;
    const intro = `${newListings(section.listings.length)} pour votre recherche « ${section.searchName} » :`;
    text.push(intro, "");
    html.push(`<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(intro)}</h2>`);
    for (const l of shown) {
      const price = l.price === null ? "Prix non indiqué" : formatPrice(l.price);
      text.push(`- ${l.title} — ${price} — ${l.place}`, `  ${l.url}`);
      html.push(
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 12px;border-collapse:collapse"><tr>` +
          `<td style="padding-right:12px;vertical-align:top">${
            l.photoUrl
              ? `<a href="${escapeHtml(l.url)}"><img src="${escapeHtml(l.photoUrl)}" alt="${escapeHtml(l.title)}" width="160" style="display:block;border-radius:8px;width:160px;height:auto"></a>`
              : ""
          }</td>` +
          `<td style="vertical-align:top"><a href="${escapeHtml(l.url)}" style="color:#1b5fe0;font-weight:bold;text-decoration:none">${escapeHtml(l.title)}</a><br>` +
          `<strong>${escapeHtml(price)}</strong><br><span style="color:#475569">${escapeHtml(l.place)}</span></td></tr></table>`,
      );
    }
    if (rest > 0) {
      const more = `et ${formatCount(rest, "autre", "autres")}`;
      text.push(`${more} : ${section.resultsUrl}`);
      html.push(`<p><a href="${escapeHtml(section.resultsUrl)}">${escapeHtml(more)}</a></p>`);
    }
    text.push("", `Voir toutes les annonces de cette recherche : ${section.resultsUrl}`, `Ne plus recevoir d'alertes pour cette recherche : ${section.unsubscribeUrl}`, "");
    html.push(
      `<p><a href="${escapeHtml(section.resultsUrl)}">Voir toutes les annonces de cette recherche</a> · ` +
        `<a href="${escapeHtml(section.unsubscribeUrl)}" style="color:#64748b">Ne plus recevoir d'alertes pour cette recherche</a></p>`,
    );
  }
  const why = options.daily
    ? "Vous recevez ce résumé quotidien car vous avez activé les alertes de vos recherches sauvegardées."
    : "Vous recevez cet e-mail car vous avez activé les alertes immédiates de cette recherche sauvegardée (au plus un e-mail par heure).";
  text.push(why, `Gérer mes alertes : ${options.manageUrl}`, "", "L'équipe Occazio");
  html.push(
    `<p style="color:#64748b">${escapeHtml(why)} <a href="${escapeHtml(options.manageUrl)}">Gérer mes alertes</a></p>`,
    `<p style="color:#64748b">L'équipe Occazio</p>`,
  );
  return {
    subject,
    text: text.join("\n"),
    html: `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">\n${html.join("\n")}\n</body></html>`,
  };
}

/** RFC 2369 / RFC 8058 headers: mail clients show 'Se désabonner' and POST to the link. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
