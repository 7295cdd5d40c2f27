// Component tests render a component alone, with no app <Toaster> to mount: toasts go straight to sonner's `toast`
// (mocked by the tests that check them) instead of waiting for a Toaster that never comes (lib/toast.ts).
import { markToasterMounted } from '../lib/toast.ts';

markToasterMounted();
