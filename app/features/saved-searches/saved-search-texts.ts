/**
 * The saved searches' limits and French messages, in a module of their own: the save button on
 * /recherche needs them, not the search parser saved-search-filters.ts imports (the page's
 * first-load JavaScript, decision 0043: the proposed name comes from the loader).
 */
export const MAX_SAVED_SEARCHES = 20;
export const MAX_SAVED_SEARCH_NAME = 80;

export const SAVED_SEARCH_MESSAGES = {
  limit: `Vous avez atteint la limite de ${MAX_SAVED_SEARCHES} recherches sauvegardées. Supprimez-en une dans « Mes recherches » pour en sauvegarder une nouvelle.`,
  signedOut: "Veuillez vous connecter pour sauvegarder une recherche.",
  signedOutManage: "Veuillez vous connecter pour gérer vos recherches.",
  notFound: "Recherche sauvegardée introuvable.",
  nameRequired: "Donnez un nom à cette recherche.",
  nameTooLong: `Le nom ne peut pas dépasser ${MAX_SAVED_SEARCH_NAME} caractères.`,
  badFrequency: "Choisissez la fréquence des alertes : Immédiate, Quotidienne ou Désactivée.",
} as const;

