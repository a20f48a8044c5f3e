import type { MessageId } from '../../../shared/i18n/message-ids';

// The titles and empty states of My Brands and My Stores (client/routes/user-follows.route.tsx),
// as catalogue ids (issue 29), kept apart from the other account pages' so that only their
// page carries them.
export const FOLLOW_SECTIONS: Readonly<Record<'brands' | 'stores', { title: MessageId; empty: MessageId; find: MessageId }>> = {
  brands: { title: 'follows.brands.title', empty: 'follows.brands.empty', find: 'follows.brands.find' },
  stores: { title: 'follows.stores.title', empty: 'follows.stores.empty', find: 'follows.stores.find' },
};
