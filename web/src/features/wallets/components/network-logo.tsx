import type { NetworkId } from '@fincrypt/domain';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

/** Simplified marks of the three chains, drawn inline (no outside image service is reachable). */
export function NetworkLogo({ network, className }: { network: NetworkId; className?: string }) {
  const gradientId = useId();
  const classes = cn('h-10 w-10 shrink-0', className);
  switch (network) {
    case 'eth_sepolia':
      return (
        <svg aria-hidden viewBox="0 0 40 40" className={classes} data-network={network}>
          <circle cx="20" cy="20" r="20" fill="#627EEA" />
          <path d="M20 6v10.4l8.8 3.9L20 6z" fill="#fff" fillOpacity=".6" />
          <path d="M20 6l-8.8 14.3 8.8-3.9V6z" fill="#fff" />
          <path d="M20 27.1V34l8.8-12.2L20 27.1z" fill="#fff" fillOpacity=".6" />
          <path d="M20 34v-6.9l-8.8-5.3L20 34z" fill="#fff" />
          <path d="M20 25.5l8.8-5.2-8.8-3.9v9.1z" fill="#fff" fillOpacity=".2" />
          <path d="M11.2 20.3l8.8 5.2v-9.1l-8.8 3.9z" fill="#fff" fillOpacity=".6" />
        </svg>
      );
    case 'polygon_amoy':
      return (
        <svg aria-hidden viewBox="0 0 40 40" className={classes} data-network={network}>
          <circle cx="20" cy="20" r="20" fill="#8247E5" />
          <path
            d="M26.3 16.2a1.6 1.6 0 0 0-1.6 0l-3.6 2.1-2.5 1.4-3.6 2.1a1.6 1.6 0 0 1-1.6 0l-2.8-1.6a1.6 1.6 0 0 1-.8-1.4v-3.2c0-.6.3-1.1.8-1.4l2.8-1.6a1.6 1.6 0 0 1 1.6 0l2.8 1.6c.5.3.8.8.8 1.4v2.1l2.5-1.5v-2.1c0-.6-.3-1.1-.8-1.4l-5.2-3a1.6 1.6 0 0 0-1.6 0l-5.3 3c-.5.3-.8.8-.8 1.4v6c0 .6.3 1.1.8 1.4l5.3 3c.5.3 1.1.3 1.6 0l3.6-2 2.5-1.5 3.6-2a1.6 1.6 0 0 1 1.6 0l2.8 1.6c.5.3.8.8.8 1.4v3.2c0 .6-.3 1.1-.8 1.4l-2.8 1.6a1.6 1.6 0 0 1-1.6 0l-2.8-1.6a1.6 1.6 0 0 1-.8-1.4v-2.1l-2.5 1.5v2.1c0 .6.3 1.1.8 1.4l5.3 3c.5.3 1.1.3 1.6 0l5.3-3c.5-.3.8-.8.8-1.4v-6c0-.6-.3-1.1-.8-1.4l-5.3-3z"
            fill="#fff"
          />
        </svg>
      );
    case 'solana_devnet':
      return (
        <svg aria-hidden viewBox="0 0 40 40" className={classes} data-network={network}>
          <defs>
            <linearGradient id={gradientId} x1="8" y1="32" x2="32" y2="8" gradientUnits="userSpaceOnUse">
              <stop offset="0" stopColor="#9945FF" />
              <stop offset="1" stopColor="#14F195" />
            </linearGradient>
          </defs>
          <circle cx="20" cy="20" r="20" fill="#111827" />
          <g fill={`url(#${gradientId})`}>
            <path d="M13.4 25.1c.1-.1.3-.2.5-.2h15.3c.3 0 .5.4.2.6l-3 3c-.1.1-.3.2-.5.2H10.6c-.3 0-.5-.4-.2-.6l3-3z" />
            <path d="M13.4 11.3c.1-.1.3-.2.5-.2h15.3c.3 0 .5.4.2.6l-3 3c-.1.1-.3.2-.5.2H10.6c-.3 0-.5-.4-.2-.6l3-3z" />
            <path d="M26.4 18.2c-.1-.1-.3-.2-.5-.2H10.6c-.3 0-.5.4-.2.6l3 3c.1.1.3.2.5.2h15.3c.3 0 .5-.4.2-.6l-3-3z" />
          </g>
        </svg>
      );
  }
}
