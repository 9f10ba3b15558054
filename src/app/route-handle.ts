/** What a route's `handle` may carry: the document title of the page. Set in routes.tsx, read by the root layout. */
export interface RouteHandle {
  title?: string;
}
