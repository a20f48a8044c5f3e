import { helpRoute } from '../components/help/help-frame';
import { FAQS } from '../content/help/faqs';

// /faqs: its text alone, in the help frame (components/help/help-frame.tsx).
const route = helpRoute('faqs', FAQS);
export const Component = route.Component;
export const ErrorBoundary = route.ErrorBoundary;
