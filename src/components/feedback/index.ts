export { Loading } from './loading';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
export { NotFoundState } from './not-found-state';
export { LoadProgress, PROGRESS_AFTER_MS } from './load-progress';
