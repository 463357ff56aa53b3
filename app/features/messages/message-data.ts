import type { ListingCardPhoto } from "~/features/listings/listing-card-data";

/** Shared by the services, the pages and the composer (no server code here). */
export const MESSAGE_MAX_LENGTH = 2000;

export const DELETED_USER_NAME = "Utilisateur supprimé";

export const MESSAGE_TEXTS = {
  signedOut: "Connectez-vous pour envoyer un message au vendeur.",
  ownListing: "Vous ne pouvez pas envoyer de message à propos de votre propre annonce.",
  listingUnavailable: "Cette annonce n'existe pas ou n'est plus en ligne.",
  notFound: "Cette conversation n'existe pas ou ne vous concerne pas.",
  empty: "Écrivez un message avant de l'envoyer.",
  invisible: "Votre message ne contient aucun caractère visible : écrivez du texte avant de l'envoyer.",
  tooLong: "Votre message dépasse 2\u202f000 caractères.",
  otherPartyGone: "Votre interlocuteur a supprimé son compte : vous ne pouvez plus lui écrire.",
  listingDeleted: "Vous ne pouvez plus répondre dans cette conversation : l'annonce a été supprimée.",
} as const;

/**
 * Characters that show nothing: white space, format characters (zero-width space and joiners,
 * BOM, bidi marks, soft hyphen…), and the blank look-alikes (Hangul fillers, blank braille).
 */
const INVISIBLE = /[\s\p{Cf}\p{Z}\u115f\u1160\u3164\uffa0\u2800\u180e]|\u034f/gu;

/** Whether a text shows at least one visible character. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, "").length > 0;
}

/** What a conversation's listing has become, for the banner and the inbox. */
export type ConversationListingState = "available" | "sold" | "unavailable" | "deleted";

export interface ConversationListing {
  /** Null once the listing row is gone (its owner deleted their account). */
  id: string | null;
  title: string;
  price: number | null;
  /** Link to the listing while it can be shown, else null. */
  path: string | null;
  photo: ListingCardPhoto | null;
  state: ConversationListingState;
}

export interface OtherParty {
  /** Public name ('Camille D.'), or 'Utilisateur supprimé'. */
  name: string;
  deleted: boolean;
}

export interface ConversationSummary {
  id: string;
  role: "buyer" | "seller";
  listing: ConversationListing;
  otherParty: OtherParty;
  lastMessage: { excerpt: string; fromMe: boolean; at: string } | null;
  unread: number;
  archived: boolean;
}

export interface ThreadMessage {
  id: string;
  body: string;
  createdAt: string;
  mine: boolean;
  senderName: string;
}

export interface ConversationThread {
  id: string;
  role: "buyer" | "seller";
  listing: ConversationListing;
  otherParty: OtherParty;
  archived: boolean;
  messages: ThreadMessage[];
  /** Why the composer is closed (French), or null when replying is possible. */
  readOnlyReason: string | null;
  /** Page of the thread shown (1 = the newest messages) and how many there are. */
  page: number;
  pageCount: number;
}

/** The banner of a conversation whose listing is no longer on sale. */
export function listingStateNotice(state: ConversationListingState): string | null {
  if (state === "sold") return "Ce véhicule a été vendu : l'annonce n'est plus en ligne.";
  if (state === "deleted") return "Cette annonce a été supprimée.";
  if (state === "unavailable") return "Cette annonce n'est plus en ligne pour le moment.";
  return null;
}
