import { paths } from '../contracts/routes';
import { goTo } from './navigate';

describe('goTo', () => {
  it('pushes the product path under the basename with the state where react-router reads it, and tells every router', () => {
    const heard: string[] = [];
    const listen = () => heard.push(window.location.pathname);
    window.addEventListener('popstate', listen);
    goTo('/', paths.farmMap('f 1'), { draw: true });
    window.removeEventListener('popstate', listen);
    expect(window.location.pathname).toBe('/farms/f%201');
    expect((window.history.state as { usr: unknown }).usr).toEqual({ draw: true });
    expect(heard).toEqual(['/farms/f%201']);
  });

  it('keeps a standalone basename in front of the path', () => {
    goTo('/harness/', paths.advanced('subscribe'));
    expect(window.location.pathname).toBe('/harness/advanced/subscribe');
    expect((window.history.state as { usr: unknown }).usr).toBeNull();
  });
});
