import { helpRoute } from '../components/help/help-frame';
import { DATA_PROTECTION } from '../content/help/general-data-protection-notice';

// /general-data-protection-notice: its text alone, in the help frame (components/help/help-frame.tsx).
const route = helpRoute('general-data-protection-notice', DATA_PROTECTION);
export const Component = route.Component;
export const ErrorBoundary = route.ErrorBoundary;
