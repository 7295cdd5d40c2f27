import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function ProfilePage() {
  return <PagePlaceholder title="Account Settings" description="Your account settings will appear here." />;
}
