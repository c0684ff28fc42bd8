declare module 'paddock-remote-spa' {
  export function bootstrap(props: object): Promise<unknown>;
  export function mount(props: object): Promise<unknown>;
  export function unmount(props: object): Promise<unknown>;
}
