import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Form } from './form-store.ts';
import type { FormErrors, FormResolver } from './form-types.ts';
import { useForm } from './use-form.ts';

interface Values extends Record<string, unknown> {
  name: string;
  city: string;
  size: string;
}

/** Name and city are required; the output trims the name (as a schema's would). */
const check: FormResolver<Values, Values> = (values) => {
  const errors: FormErrors<Values> = {};
  if (!values.name.trim()) errors.name = { message: 'Enter a name' };
  if (!values.city) errors.city = { message: 'Enter a city' };
  return Promise.resolve(Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values: { ...values, name: values.name.trim() } });
};

interface Probe {
  form?: Form<Values>;
  renders: number;
}

function TestForm({ resolver = check, onValid = () => {}, probe, defaults }: { resolver?: FormResolver<Values>; onValid?: (values: Values) => unknown; probe?: Probe; defaults?: Partial<Values> }) {
  const form = useForm<Values>({ resolver, defaultValues: defaults ?? { name: '', city: '' } });
  const [showCity, setShowCity] = useState(true);
  if (probe) {
    probe.form = form;
    probe.renders += 1;
  }
  const { errors, submitCount, isSubmitting } = form.formState;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <p data-testid="name-error">{errors.name?.message ?? ''}</p>
      {showCity && (
        <label>
          City
          <input {...form.register('city')} />
        </label>
      )}
      <p data-testid="city-error">{errors.city?.message ?? ''}</p>
      <label>
        Size
        <select {...form.register('size')} defaultValue="">
          <option value="">Choose a size</option>
          <option value="s">Small</option>
          <option value="l">Large</option>
        </select>
      </label>
      <p data-testid="state">{`${submitCount} ${isSubmitting ? 'submitting' : 'idle'}`}</p>
      <button type="button" onClick={() => setShowCity((shown) => !shown)}>
        Toggle city
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const text = (testId: string) => screen.getByTestId(testId).textContent;
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
/** Lets pending checks answer and the form render what they said. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

afterEach(cleanup);

describe('useForm', () => {
  it('checks nothing until the first submit, then shows every wrong field with its message', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    type('Name', '');
    await act(() => Promise.resolve());
    expect(text('name-error')).toBe('');

    submit();
    await waitFor(() => expect(text('state')).toBe('1 idle'));
    expect(text('name-error')).toBe('Enter a name');
    expect(text('city-error')).toBe('Enter a city');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, checks a field again on each change, leaving the other fields’ errors as they are', async () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} />);
    submit();
    await waitFor(() => expect(text('name-error')).toBe('Enter a name'));
    act(() => probe.form?.setError('city', { message: 'Not a city we know' }));

    type('Name', 'Ada');
    await waitFor(() => expect(text('name-error')).toBe(''));
    expect(text('city-error')).toBe('Not a city we know');
    type('Name', ' ');
    await waitFor(() => expect(text('name-error')).toBe('Enter a name'));
  });

  it("submits the resolver's output; errors set while handling the submit stay, and the count rises after it", async () => {
    const probe: Probe = { renders: 0 };
    const counts: number[] = [];
    const onValid = vi.fn(async () => {
      await Promise.resolve();
      probe.form?.setError('city', { message: 'The server refused it' });
      counts.push(probe.form?.formState.submitCount ?? -1);
    });
    render(<TestForm probe={probe} onValid={onValid} defaults={{ name: '  Ada ', city: 'Paris' }} />);
    submit();
    await waitFor(() => expect(text('state')).toBe('1 idle'));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', city: 'Paris', size: '' });
    expect(counts).toEqual([0]);
    expect(text('city-error')).toBe('The server refused it');
  });

  it('is busy while the submit is checked and handled', async () => {
    let finish = () => {};
    render(<TestForm defaults={{ name: 'Ada', city: 'Paris' }} onValid={() => new Promise<void>((resolve) => (finish = resolve))} />);
    submit();
    await waitFor(() => expect(text('state')).toBe('0 submitting'));
    act(() => finish());
    await waitFor(() => expect(text('state')).toBe('1 idle'));
  });

  it('shows the default values, takes a select’s own value for a field without one, and stores what is typed', async () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} defaults={{ name: 'Ada', city: '' }} />);
    expect(input('Name').value).toBe('Ada');
    expect(probe.form?.getValues()).toEqual({ name: 'Ada', city: '', size: '' });
    type('City', 'Paris');
    fireEvent.change(input('Size'), { target: { value: 'l' } });
    expect(probe.form?.getValues()).toEqual({ name: 'Ada', city: 'Paris', size: 'l' });
    await act(() => Promise.resolve());
  });

  it('keeps a value when its control unmounts, and shows it again when it comes back', () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} />);
    type('City', 'Paris');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle city' }));
    expect(screen.queryByLabelText('City')).toBeNull();
    expect(probe.form?.getValues().city).toBe('Paris');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle city' }));
    expect(input('City').value).toBe('Paris');
  });

  it('setValue shows the value in its control, and checks it again when asked to', async () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} />);
    submit();
    await waitFor(() => expect(text('city-error')).toBe('Enter a city'));
    act(() => probe.form?.setValue('city', 'Oslo'));
    expect(input('City').value).toBe('Oslo');
    await act(() => Promise.resolve());
    expect(text('city-error')).toBe('Enter a city');
    act(() => probe.form?.setValue('city', 'Rome', { shouldValidate: true }));
    await waitFor(() => expect(text('city-error')).toBe(''));
  });

  it('renders again when a watched value changes, and not for one nobody watches', () => {
    let renders = 0;
    function Watching() {
      const form = useForm<Values>({ resolver: check, defaultValues: { name: '', city: '' } });
      renders += 1;
      return (
        <>
          <label>
            Name
            <input {...form.register('name')} />
          </label>
          <label>
            City
            <input {...form.register('city')} />
          </label>
          <p data-testid="greeting">{`Hello ${form.watch('name')}`}</p>
        </>
      );
    }
    render(<Watching />);
    type('Name', 'Ada');
    expect(text('greeting')).toBe('Hello Ada');
    const rendersAfterName = renders;
    type('City', 'Paris');
    expect(renders).toBe(rendersAfterName);
  });

  it('clearErrors clears the named fields, or all of them', async () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} />);
    submit();
    await waitFor(() => expect(text('city-error')).toBe('Enter a city'));
    act(() => probe.form?.clearErrors(['name']));
    expect(text('name-error')).toBe('');
    expect(text('city-error')).toBe('Enter a city');
    act(() => probe.form?.clearErrors());
    expect(text('city-error')).toBe('');
  });

  it('reset starts over with new values (or the defaults): the controls show them, no errors, no submit', async () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} />);
    fireEvent.change(input('Size'), { target: { value: 's' } });
    submit();
    await waitFor(() => expect(text('state')).toBe('1 idle'));

    act(() => probe.form?.reset({ name: 'Grace', city: 'Arlington' }));
    expect(input('Name').value).toBe('Grace');
    expect(input('City').value).toBe('Arlington');
    expect(input('Size').value).toBe('');
    expect(text('name-error')).toBe('');
    expect(text('state')).toBe('0 idle');
    expect(probe.form?.formState.isSubmitted).toBe(false);

    type('Name', 'Ada');
    act(() => probe.form?.reset());
    expect(input('Name').value).toBe('Grace');
  });

  it('drops the answer of a check that a reset overtook', async () => {
    const probe: Probe = { renders: 0 };
    let answer: (errors: FormErrors<Values>) => void = () => {};
    const slow: FormResolver<Values> = () => new Promise((resolve) => (answer = (errors) => resolve({ ok: false, errors })));
    const onValid = vi.fn();
    render(<TestForm probe={probe} resolver={slow} onValid={onValid} />);
    submit();
    await waitFor(() => expect(text('state')).toBe('0 submitting'));
    act(() => probe.form?.reset());
    answer({ name: { message: 'Enter a name' } });
    await settle();
    expect(text('name-error')).toBe('');
    expect(text('state')).toBe('0 idle');
  });

  it('drops the answer of a check when its field changed meanwhile', async () => {
    const probe: Probe = { renders: 0 };
    const answers: ((errors: FormErrors<Values>) => void)[] = [];
    const slow: FormResolver<Values> = () => new Promise((resolve) => answers.push((errors) => resolve({ ok: false, errors })));
    render(<TestForm probe={probe} resolver={slow} />);
    submit();
    answers[0]?.({ name: { message: 'Enter a name' } });
    await settle();
    type('Name', 'A');
    type('Name', 'Ad');
    answers[1]?.({ name: { message: 'Too short' } });
    await settle();
    expect(text('name-error')).toBe('Enter a name');
    answers[2]?.({});
    await settle();
    expect(text('name-error')).toBe('');
  });

  it('keeps the same form object across renders', () => {
    const probe: Probe = { renders: 0 };
    render(<TestForm probe={probe} />);
    const first = probe.form;
    fireEvent.click(screen.getByRole('button', { name: 'Toggle city' }));
    expect(probe.renders).toBeGreaterThan(1);
    expect(probe.form).toBe(first);
  });
});
