import { helpRoute } from '../components/help/help-frame';
import { TERMS } from '../content/help/terms-and-conditions';

// /terms-and-conditions: its text alone, in the help frame (components/help/help-frame.tsx).
const route = helpRoute('terms-and-conditions', TERMS);
export const Component = route.Component;
export const ErrorBoundary = route.ErrorBoundary;
