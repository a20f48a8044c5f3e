import { helpRoute } from '../components/help/help-frame';
import { ABOUT_US } from '../content/help/about-us';

// /about-us: its text alone, in the help frame (components/help/help-frame.tsx).
const route = helpRoute('about-us', ABOUT_US);
export const loader = route.loader;
export const Component = route.Component;
export const ErrorBoundary = route.ErrorBoundary;
