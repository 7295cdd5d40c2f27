import { differingCharacters } from '@fincrypt/domain';

/**
 * An address with the characters that differ from the one it imitates marked (a look-alike's changed middle), and
 * for a screen reader how many differ.
 */
export function AddressDiff({ address, imitated, className }: { address: string; imitated: string; className?: string }) {
  const differs = differingCharacters(address, imitated);
  const count = differs.filter(Boolean).length;
  return (
    <code className={className} data-testid="address-diff">
      {[...address].map((character, index) =>
        differs[index] ? (
          <mark key={index} className="rounded-sm bg-red-200 font-bold text-red-900 dark:bg-red-800 dark:text-red-50">
            {character}
          </mark>
        ) : (
          character
        ),
      )}
      <span className="sr-only">{` (${count} character${count === 1 ? '' : 's'} differ from the address it imitates)`}</span>
    </code>
  );
}
