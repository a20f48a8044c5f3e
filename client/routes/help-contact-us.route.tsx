import { helpRoute } from '../components/help/help-frame';
import { CONTACT_US } from '../content/help/contact-us';

// /contact-us: its text alone, in the help frame (components/help/help-frame.tsx).
const route = helpRoute('contact-us', CONTACT_US);
export const Component = route.Component;
export const ErrorBoundary = route.ErrorBoundary;
