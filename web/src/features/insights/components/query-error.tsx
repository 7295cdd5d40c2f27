import { Alert } from '../../../components/ui/alert.tsx';

/** What a section shows when its figures could not be loaded; the next automatic refresh tries again. */
export function QueryError({ what }: { what: string }) {
  return <Alert tone="error">{`Could not load ${what}. Retrying shortly.`}</Alert>;
}
