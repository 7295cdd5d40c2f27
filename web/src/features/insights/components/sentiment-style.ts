import type { SentimentView } from '@fincrypt/domain';

/** Sentiment labels from warm to cool: green when bullish, amber when cautious. */
export const SENTIMENT_LABEL_CLASS: Record<SentimentView['label'], string> = {
  Bullish: 'text-green-700 dark:text-green-400',
  'Mildly Bullish': 'text-emerald-700 dark:text-emerald-400',
  Neutral: 'text-slate-700 dark:text-slate-200',
  Cautious: 'text-amber-700 dark:text-amber-400',
};
