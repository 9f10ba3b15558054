export { Loading } from './loading';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
