/**
 * A thenable that calls back at once. React.lazy takes the module synchronously from such a
 * thenable (a promise calls back only in a later microtask, so the first render would suspend):
 * what was loaded ahead then renders at once, without a loading state.
 */
export function alreadyLoaded<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((result: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
      return Promise.resolve(onFulfilled ? onFulfilled(value) : (value as unknown as R1));
    },
  };
}
