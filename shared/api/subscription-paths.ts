// The mailing list's endpoints and confirmation page (subscription-schemas.ts says how the
// double opt-in works): read by page scripts, so this module imports no zod.

export const SUBSCRIPTION_API = {
  subscribe: '/api/account/subscribe',
  confirm: '/api/account/confirm-subscription',
} as const;

/** The web page a confirmation e-mail links to (client/routes/mailing-list-confirm.route.tsx). */
export const confirmSubscriptionPath = (token: string) => `/mailing-list/confirm/${token}`;
