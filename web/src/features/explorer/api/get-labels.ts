import { type ExplorerLabels, type NetworkId, explorerPaths } from '@fincrypt/domain';
import { useQuery } from '@tanstack/react-query';
import { explorerDataKeys } from './explorer-keys.ts';
import { getExplorer } from './parse-response.ts';

/** The demo network's roster changes only when the server restarts with other settings. */
const LABELS_STALE_MS = 5 * 60_000;

/** GET /api/explorer/labels: the simulated participants' addresses and their public labels. */
export function getExplorerLabels(signal?: AbortSignal): Promise<ExplorerLabels> {
  return getExplorer(explorerPaths.labels, (schemas) => schemas.explorerLabelsSchema, signal);
}

/** `network:address` (EVM addresses in lower case, base58 as it is) → label. */
export type LabelIndex = ReadonlyMap<string, string>;

const labelKey = (network: NetworkId, address: string) => `${network}:${address.startsWith('0x') ? address.toLowerCase() : address}`;

export function indexLabels(labels: ExplorerLabels): LabelIndex {
  return new Map(labels.labels.map((entry) => [labelKey(entry.network, entry.address), entry.label]));
}

/** The label of a simulated participant's address on a network; undefined for everyone else. */
export function labelOf(index: LabelIndex | undefined, network: NetworkId, address: string): string | undefined {
  return index?.get(labelKey(network, address));
}

/** Every simulated participant's label, as one lookup; a failure only means no labels are shown. */
export function useExplorerLabels() {
  return useQuery({
    queryKey: explorerDataKeys.labels,
    queryFn: async ({ signal }) => indexLabels(await getExplorerLabels(signal)),
    staleTime: LABELS_STALE_MS,
  });
}
