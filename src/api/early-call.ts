/**
 * The page load's first calls, sent while the HTML is still parsed: this file is bundled on its own
 * into a plain script and inlined into index.html by the build (server/early-call-inline.ts; the
 * production server allows it by its hash). All it does is erp-call.ts `startPageCalls` — the same
 * registry, keys and contract the app then takes the calls over from.
 */
import { startPageCalls } from './erp-call';

startPageCalls(location.pathname, location.search);
