import { ApiError } from '../api-client';
import { combineQueries, retryFailed } from './combineQueries';

const loaded = <T>(data: T) => ({ data, error: null, isError: false, isFetching: false });
const loading = { data: undefined, error: null, isError: false, isFetching: true };
const failed = (error: unknown, isFetching = false) => ({ data: undefined, error, isError: true, isFetching });

describe('combineQueries', () => {
  it("is 'success' with every query's data once all have data", () => {
    expect(combineQueries([loaded('farm'), loaded([1, 2])], 'x')).toEqual({
      status: 'success',
      data: ['farm', [1, 2]],
    });
  });

  it("stays 'success' when a loaded query's background re-read fails", () => {
    const stale = { ...loaded('farm'), error: new ApiError(503, 'down'), isError: true };
    expect(combineQueries([stale, loaded([])], 'x').status).toBe('success');
  });

  it("is 'pending' while one loads, and while a failed one's partner still fetches", () => {
    expect(combineQueries([loaded('farm'), loading], 'x')).toEqual({ status: 'pending' });
    expect(combineQueries([failed(new ApiError(500, 'boom')), loading], 'x')).toEqual({ status: 'pending' });
  });

  it("is 'error' with the server's message, or the fallback, and says when it is a 404", () => {
    const notFound = new ApiError(404, 'Farm not found');
    expect(combineQueries([failed(notFound), loaded([])], 'We could not load this farm.')).toEqual({
      status: 'error',
      error: notFound,
      message: 'Farm not found',
      notFound: true,
    });
    const offline = combineQueries([loaded('farm'), failed(new Error('socket'))], 'We could not load this farm.');
    expect(offline).toMatchObject({ status: 'error', message: 'We could not load this farm.', notFound: false });
  });
});

it('retryFailed fetches again only the queries that failed', () => {
  const ok = { isError: false, refetch: jest.fn() };
  const broken = { isError: true, refetch: jest.fn() };
  retryFailed([ok, broken]);
  expect(ok.refetch).not.toHaveBeenCalled();
  expect(broken.refetch).toHaveBeenCalledTimes(1);
});
