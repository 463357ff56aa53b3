/**
 * The map view's box. Wide screens: 65 % of the window. Phones: the room /recherche leaves it
 * between its controls and the tab bar (`flex-1` in the page's column, see recherche.tsx), so
 * no marker lies under the tab bar where it could not be tapped; never under 20rem.
 */
export const MAP_BOX = "h-[65vh] min-h-[420px] max-wide:h-full max-wide:min-h-80";
