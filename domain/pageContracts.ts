// What the paint-first pages (docs/performance.md) agree on across the build (scripts/prerender.ts),
// the boot scripts (src/boot: /start.js, /early-query.js), the app (src/) and the API's product page
// (server/sharing): file names, element ids, attribute and global names, and the counts both a
// query sent from the HTML and the app's own query must use. Each is written once, here. The
// product page template's token product is in productTemplate.ts.

/** The id of the JSON block (never executed) the API writes into a product page and the app reads. */
export const pageDataId = 'page-data';

/** Marks a prerendered page's root with the route its markup is for (a path, or a prefix ending '/*'). */
export const prerenderedRouteAttribute = 'data-route';

// --- The boot scripts and the app ---

/** The script a list page's HTML starts its first products query with. */
export const earlyQueryScriptFile = 'early-query.js';
/**
 * The script the course player's page (/learn/{token}) asks for its course with, and paints the opening
 * lesson from, while the app's JavaScript downloads.
 */
export const earlyLearnScriptFile = 'early-learn.js';
/** The script that starts the app after the first paint. */
export const startScriptFile = 'start.js';

/**
 * Where an early script (a list page's, the course player's) leaves its answer, and when what it paints
 * from it is shown, for /start.js and the app.
 */
export const earlyGlobalName = '__storeEarlyQuery';
/** Set by the app once it has hydrated: from then on it handles every tap itself. */
export const appReadyName = '__storeAppReady';
/** The last button /start.js saw tapped before the app ran (components/useEarlyClick replays it). */
export const earlyClickName = '__storeEarlyClick';
/**
 * Set by /start.js on an app form (a property, not an attribute: hydration must find the markup it
 * rendered) when it was submitted before the app took it over.
 */
export const earlySubmitProperty = '__storeEarlySubmit';

/** Marks a list placeholder's cover box, which the early script fills with the answer's cover. */
export const earlyCoverAttribute = 'data-early-cover';
/** Marks a prerendered form whose submit only the app can handle (contact, purchases). */
export const appFormAttribute = 'data-app-form';

// --- Counts the HTML's query and the app's query share ---
// The app uses the early answer only for the query it would have sent itself.

/** The home page shows the 6 newest products, and reads only those. */
export const latestProductsCount = 6;
/** The list pages' page size: 'Load more' asks for the next 24. */
export const productPageSize = 24;
