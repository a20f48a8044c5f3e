import { helpRoute } from '../components/help/help-frame';
import { PRIVACY } from '../content/help/privacy-policy';

// /privacy-policy: its text alone, in the help frame (components/help/help-frame.tsx).
const route = helpRoute('privacy-policy', PRIVACY);
export const Component = route.Component;
export const ErrorBoundary = route.ErrorBoundary;
