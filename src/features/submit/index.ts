// The Submit feature's entry: the route loads SubmitPage lazily (src/app/AppRoutes.tsx).
export { SubmitPage } from './SubmitPage';
