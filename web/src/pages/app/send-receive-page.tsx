import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function SendReceivePage() {
  return <PagePlaceholder title="Send & Receive" description="Sending and receiving testnet funds will appear here." />;
}
