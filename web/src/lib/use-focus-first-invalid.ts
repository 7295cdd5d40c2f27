import { type RefObject, useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The first control of `form`, in document order, that <Field> marked invalid. */
export function firstInvalidControl(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/**
 * After a submit is refused, focus moves to the first invalid field as the user sees the form, top to bottom
 * (docs/product.md#validation-messages): controlled fields too (the send form's Wallet), and errors set after the
 * form's own check (the send rules, the server's answer). Forms turn react-hook-form's own focusing off (`shouldFocusError: false`) and leave focus to this hook.
 *
 * Focus moves once per submit: when the first errors of that submit appear, however late. Errors that
 * change while the user types do not move it.
 */
export function useFocusFirstInvalid<T extends FieldValues>(submitCount: number, errors: FieldErrors<T>): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);
  const focusedForSubmit = useRef(0);
  const invalidFields = Object.keys(errors).join(',');
  useEffect(() => {
    if (submitCount === 0 || focusedForSubmit.current === submitCount || invalidFields === '') return;
    const target = formRef.current ? firstInvalidControl(formRef.current) : null;
    if (!target) return;
    focusedForSubmit.current = submitCount;
    target.focus();
  }, [submitCount, invalidFields]);
  return formRef;
}
