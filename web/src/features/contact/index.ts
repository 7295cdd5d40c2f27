/** The contact feature's public API: the contact form. */
export { ContactForm } from './components/contact-form.tsx';
