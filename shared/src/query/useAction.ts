import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '../api-client';
import type { PaddockEvents } from '../bus';
import { invalidateAll } from './client';
import { useAreaBus } from './QueryProvider';

/** A bus event to emit after the action succeeded (e.g. `['paddock:farm-changed', { farmId, change }]`). */
export type ActionEvent = { [N in keyof PaddockEvents]: readonly [N, PaddockEvents[N]] }[keyof PaddockEvents];

type Per<TInput, TResult, T> = T | ((result: TResult, input: TInput) => T);

export interface ActionSpec<TInput, TResult> {
  /** The call (usually one api method). */
  run(input: TInput): Promise<TResult>;
  /** The spec's success message, toasted; none when omitted. */
  success?: Per<TInput, TResult, string | null>;
  /**
   * The failure toast: a fixed text in the product's words (the server's message wins when it sent
   * one), or a function of the error (e.g. `(e) => failureMessage("Can't delete field!", e)`).
   * Defaults to the server's message, else 'Something went wrong'. `false`: the caller shows it.
   */
  failure?: string | ((error: unknown, input: TInput) => string) | false;
  /** Bus events announcing the change to the other areas. */
  events?: (result: TResult, input: TInput) => ReadonlyArray<ActionEvent>;
  /** Queries of this mount that the change makes stale (refetched if on screen; not awaited). */
  invalidates?: Per<TInput, TResult, readonly QueryKey[]>;
  /** The follow-up: a store transition, closing a form, navigating. Runs last. */
  onSuccess?(result: TResult, input: TInput): void;
}

export interface Action<TInput, TResult> {
  /**
   * Runs the action and resolves with its result; on failure the user has been told (toast) and the
   * promise rejects with the error, so a confirm dialog stays open for a retry and a form stays as typed.
   */
  run(input: TInput): Promise<TResult>;
  /** `run` for event handlers: never rejects; resolves true when the action succeeded. */
  trigger(input: TInput): Promise<boolean>;
  /** True while a call of this action is in flight (disable its button, lock its dialog). */
  busy: boolean;
}

const resolve = <TInput, TResult, T>(value: Per<TInput, TResult, T>, result: TResult, input: TInput): T =>
  typeof value === 'function' ? (value as (result: TResult, input: TInput) => T)(result, input) : value;

/**
 * One action of a screen (spec 1 §8 and its successors): busy state, the call, the spec's message as a
 * toast, bus events, invalidated queries, then the follow-up. Every save, delete, share, add-to-cart,
 * pay and book goes through this hook, never a hand-written try/catch/toast.
 */
export function useAction<TInput = void, TResult = void>(spec: ActionSpec<TInput, TResult>): Action<TInput, TResult> {
  const bus = useAreaBus();
  const client = useQueryClient();
  const mutation = useMutation<TResult, unknown, TInput>({ mutationFn: spec.run });
  const { mutateAsync } = mutation;

  const run = async (input: TInput): Promise<TResult> => {
    let result: TResult;
    try {
      result = await mutateAsync(input);
    } catch (error) {
      const { failure } = spec;
      if (failure !== false) {
        const message = typeof failure === 'function' ? failure(error, input) : errorMessage(error, failure);
        bus.toast('error', message);
      }
      throw error;
    }
    const { success, events, invalidates, onSuccess } = spec;
    const message = success === undefined ? null : resolve(success, result, input);
    if (message) bus.toast('success', message);
    for (const [name, payload] of events?.(result, input) ?? []) bus.emit(name, payload as never);
    if (invalidates) void invalidateAll(client, resolve(invalidates, result, input));
    onSuccess?.(result, input);
    return result;
  };

  const trigger = (input: TInput) =>
    run(input).then(
      () => true,
      () => false,
    );

  return { run, trigger, busy: mutation.isPending };
}
