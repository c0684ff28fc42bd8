import { describeError, retryingNetworkFailures } from './network';

/** What undici throws when a kept-alive connection was closed under a request. */
const dropped = () =>
  new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

describe('retryingNetworkFailures', () => {
  it('tries once more when the request never got an answer', async () => {
    const attempt = jest.fn<Promise<string>, []>().mockRejectedValueOnce(dropped()).mockResolvedValueOnce('answer');
    await expect(retryingNetworkFailures(attempt)).resolves.toBe('answer');
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second network failure, and never retries other errors', async () => {
    const failing = jest.fn<Promise<string>, []>().mockRejectedValue(dropped());
    await expect(retryingNetworkFailures(failing)).rejects.toThrow('fetch failed');
    expect(failing).toHaveBeenCalledTimes(2);

    const notFound = jest.fn<Promise<string>, []>().mockRejectedValue(new Error('HTTP 404'));
    await expect(retryingNetworkFailures(notFound)).rejects.toThrow('HTTP 404');
    expect(notFound).toHaveBeenCalledTimes(1);
  });
});

describe('describeError', () => {
  it('names the causes behind a bare "fetch failed"', () => {
    expect(describeError(dropped())).toBe('fetch failed: other side closed (UND_ERR_SOCKET)');
    expect(describeError('plain')).toBe('plain');
  });
});
