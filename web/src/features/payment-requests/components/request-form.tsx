import {
  CURRENCY_SYMBOLS,
  PAYMENT_REQUEST_LIMITS,
  PAYMENT_REQUEST_UNITS,
  type PaymentRequestUnit,
  type PaymentRequestView,
  apiErrorFieldIn,
} from '@fincrypt/domain';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useForm } from 'react-hook-form';
import { lazySchemaResolver } from '../../../lib/lazy-schema-resolver.ts';
import { loadSchemas } from '../../../lib/load-schemas.ts';
import { useSchemasOnFirstInteraction } from '../../../lib/use-schemas-on-first-interaction.ts';
import type { requestFormSchema } from '../../../lib/schemas.ts';
import { useFocusFirstInvalid } from '../../../lib/use-focus-first-invalid.ts';
import { useCreatePaymentRequest } from '../api/create-payment-request.ts';

/** The expiries offered, in hours (24 h by default). */
export const EXPIRY_CHOICES = [
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;

/** The form's schema (lib/schemas.ts): a payment request without the wallet and asset, which are chosen above it. */
type RequestFormInput = z.input<typeof requestFormSchema>;
type RequestFormValues = z.output<typeof requestFormSchema>;
const resolver = lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.requestFormSchema));

/** How the unit select names an option: the asset's symbol, or "₹ INR". */
export function requestUnitLabel(unit: PaymentRequestUnit, assetSymbol: string): string {
  return unit === 'asset' ? assetSymbol : `${CURRENCY_SYMBOLS[unit]} ${unit.toUpperCase()}`;
}

const fieldOf = (error: ApiError) => apiErrorFieldIn(error.code, ['amount'] as const);

export interface RequestFormProps {
  walletId: string;
  asset: string;
  /** The name the payer sees, until the user types another: their account name. */
  defaultDisplayName: string;
  onCreated: (request: PaymentRequestView) => void;
  onCancel: () => void;
}

/**
 * "Request an amount" on the Receive tab: the amount in the asset chosen above or in a currency (paid at the
 * rate quoted when it is paid), a note, the expiry and the name the payer sees. POST /api/payment-requests.
 */
export function RequestForm({ walletId, asset, defaultDisplayName, onCreated, onCancel }: RequestFormProps) {
  useSchemasOnFirstInteraction();
  const form = useForm<RequestFormInput, unknown, RequestFormValues>({
    resolver,
    // Focus moves to the first invalid field in document order (useFocusFirstInvalid), server errors included.
    shouldFocusError: false,
    defaultValues: {
      amount: '',
      unit: 'asset',
      note: '',
      displayName: defaultDisplayName.slice(0, PAYMENT_REQUEST_LIMITS.displayNameChars),
      expiresInHours: PAYMENT_REQUEST_LIMITS.defaultExpiryHours,
    },
  });
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form.formState.submitCount, errors);
  const create = useCreatePaymentRequest();
  // A refusal that concerns no field of the form (the open-request limit, a wallet gone): shown above the button.
  const formError = create.error && !(create.error instanceof ApiError && fieldOf(create.error)) ? create.error.message : undefined;

  async function submit(values: RequestFormValues) {
    try {
      const created = await create.mutateAsync({ ...values, note: values.note || undefined, walletId, asset });
      onCreated(created);
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error) : undefined;
      if (field && error instanceof ApiError) form.setError(field, { message: error.message });
    }
  }

  return (
    <form ref={formRef} noValidate aria-label="Request an amount" className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <div className="flex gap-2">
        <Field label="Amount" error={errors.amount?.message} className="min-w-0 flex-1">
          {(control) => <Input {...control} {...form.register('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" />}
        </Field>
        <Field label="Amount in" className="w-32 shrink-0" error={errors.unit?.message}>
          {(control) => (
            <Select {...control} {...form.register('unit')}>
              {PAYMENT_REQUEST_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {requestUnitLabel(unit, asset)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{`A request in a currency is paid in ${asset} at the rate quoted when it is paid.`}</p>
      <Field label="Name the payer sees" error={errors.displayName?.message}>
        {(control) => <Input {...control} {...form.register('displayName')} autoComplete="name" maxLength={PAYMENT_REQUEST_LIMITS.displayNameChars + 10} />}
      </Field>
      <Field label="Note (optional)" error={errors.note?.message} hint={`At most ${PAYMENT_REQUEST_LIMITS.noteChars} characters`}>
        {(control) => <Textarea {...control} {...form.register('note')} rows={2} />}
      </Field>
      <Field label="Expires in" error={errors.expiresInHours?.message}>
        {(control) => (
          <Select
            {...control}
            value={String(form.watch('expiresInHours'))}
            onChange={(event) => form.setValue('expiresInHours', Number(event.target.value), { shouldValidate: form.formState.isSubmitted })}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.hours} value={choice.hours}>
                {choice.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isBusy={create.isPending}>
          Create request
        </Button>
      </div>
    </form>
  );
}
