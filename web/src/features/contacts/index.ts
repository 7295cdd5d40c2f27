/** The contacts feature's public API: the Profile tab, the send form's picker, "Save as contact" and the lookups. */
export { contactsQueryKey, getContacts, useContacts } from './api/get-contacts.ts';
export { ContactPicker } from './components/contact-picker.tsx';
export { ContactsTab } from './components/contacts-tab.tsx';
export { SaveContactButton } from './components/save-contact-button.tsx';
export { contactsOn, findContact } from './contact-lookup.ts';
export { type ContactsNavigationState, readContactsNavigationState } from './navigation-state.ts';
