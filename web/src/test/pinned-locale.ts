// Component and format tests read the figures en-US writes ("₹1,234.50", "Nov 21, 2026"): the app itself writes in
// the browser's locale (decision 037), so the tests pin one rather than depend on the machine's.
import { pinFormatLocale } from '@fincrypt/domain';

pinFormatLocale('en-US');
