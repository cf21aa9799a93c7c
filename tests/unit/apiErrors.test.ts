import { describe, expect, it } from 'vitest';
import { noResponseError, toApiError } from '../../src/domain/apiErrors';

describe('the error catalogue (SPEC §8)', () => {
  describe('one test per row of the table', () => {
    it('HTTP 400 with empty validation errors: the error is the response errorMessage', () => {
      expect(toApiError(400, { errorMessage: 'That voucher has already been used', validationErrors: [] })).toEqual({
        status: 400,
        message: 'That voucher has already been used',
        validationErrors: [],
      });
    });

    it('HTTP 400 with validation errors: the failures are kept and the error is null', () => {
      const validationErrors = [
        { field: 'email', message: 'must be an email address, for example name@example.com' },
        { field: 'postCode', message: 'is required' },
      ];
      expect(toApiError(400, { errorMessage: null, validationErrors })).toEqual({
        status: 400,
        message: null,
        validationErrors,
      });
    });

    it('HTTP 404: "Route does not exist"', () => {
      expect(toApiError(404, { errorMessage: 'Page not found', validationErrors: [] })).toEqual({
        status: 404,
        message: 'Route does not exist',
        validationErrors: [],
      });
    });

    it('HTTP 500 with a text body: that text', () => {
      expect(toApiError(500, 'The kitchen printer is offline')).toEqual({
        status: 500,
        message: 'The kitchen printer is offline',
        validationErrors: [],
      });
    });

    it('HTTP 500 without a body: the error is null', () => {
      expect(toApiError(500, undefined)).toEqual({ status: 500, message: null, validationErrors: [] });
    });

    it('another status: "Unexpected server error {status}"', () => {
      expect(toApiError(503, undefined)).toEqual({
        status: 503,
        message: 'Unexpected server error 503',
        validationErrors: [],
      });
    });

    it('no response: "The service is temporarily unavailable", without a status', () => {
      expect(toApiError(undefined, undefined)).toEqual({
        message: 'The service is temporarily unavailable',
        validationErrors: [],
      });
      expect(noResponseError()).toEqual(toApiError(undefined, undefined));
    });
  });

  describe('edge cases', () => {
    it('HTTP 400 with a body that is not JSON has no errorMessage, so the error is null', () => {
      expect(toApiError(400, 'Bad Request')).toEqual({ status: 400, message: null, validationErrors: [] });
    });

    it('HTTP 400 with no validationErrors field is treated as empty validation errors', () => {
      expect(toApiError(400, { errorMessage: 'Basket is closed' })).toEqual({
        status: 400,
        message: 'Basket is closed',
        validationErrors: [],
      });
    });

    it('HTTP 400 with empty validation errors and a null errorMessage gives a null error', () => {
      expect(toApiError(400, { errorMessage: null, validationErrors: [] })).toEqual({
        status: 400,
        message: null,
        validationErrors: [],
      });
    });

    it('HTTP 400 keeps only well-formed validation failures', () => {
      expect(
        toApiError(400, {
          errorMessage: 'ignored while failures exist',
          validationErrors: [{ field: 'phone', message: 'is required' }, { field: 3 }, 'oops', null],
        }),
      ).toEqual({ status: 400, message: null, validationErrors: [{ field: 'phone', message: 'is required' }] });
    });

    it('HTTP 400 whose validation failures are all malformed falls back to the errorMessage', () => {
      expect(toApiError(400, { errorMessage: 'Invalid order', validationErrors: [{ name: 'x' }] })).toEqual({
        status: 400,
        message: 'Invalid order',
        validationErrors: [],
      });
    });

    it('HTTP 404 ignores whatever the body says', () => {
      expect(toApiError(404, 'Cannot GET /api/nowhere').message).toBe('Route does not exist');
    });

    it('HTTP 500 with a JSON body is not a text body, so the error is null', () => {
      expect(toApiError(500, { errorMessage: 'Internal Server Error', validationErrors: [] })).toEqual({
        status: 500,
        message: null,
        validationErrors: [],
      });
    });

    it('HTTP 500 with a blank text body gives a null error', () => {
      expect(toApiError(500, '  \n')).toEqual({ status: 500, message: null, validationErrors: [] });
    });

    it('HTTP 401 is another status even when the body carries an errorMessage', () => {
      expect(toApiError(401, { errorMessage: 'Missing identification headers', validationErrors: [] })).toEqual({
        status: 401,
        message: 'Unexpected server error 401',
        validationErrors: [],
      });
    });

    it('HTTP 403 is another status', () => {
      expect(toApiError(403, undefined).message).toBe('Unexpected server error 403');
    });

    it('HTTP 501 (not yet built) is another status even when the body carries an errorMessage', () => {
      expect(
        toApiError(501, { errorMessage: 'DeleteAccount is not available yet', validationErrors: [] }).message,
      ).toBe('Unexpected server error 501');
    });

    it("HTTP 409 (the back office's version check, outside SPEC's catalogue) says the server's message", () => {
      const message = 'Changed by someone else since you opened it: nothing was saved.';
      expect(toApiError(409, { errorMessage: message, validationErrors: [] })).toEqual({ status: 409, message, validationErrors: [] });
      expect(toApiError(409, undefined).message).toBe('Unexpected server error 409');
    });

    it('HTTP 502 with a text body is another status, not the 500 text rule', () => {
      expect(toApiError(502, 'Bad Gateway').message).toBe('Unexpected server error 502');
    });

    it('HTTP 422 with validation errors is another status and keeps no failures', () => {
      expect(toApiError(422, { errorMessage: null, validationErrors: [{ field: 'a', message: 'b' }] })).toEqual({
        status: 422,
        message: 'Unexpected server error 422',
        validationErrors: [],
      });
    });

    it('status 0 (an unreadable response) counts as no response', () => {
      expect(toApiError(0, '')).toEqual({ message: 'The service is temporarily unavailable', validationErrors: [] });
    });
  });
});
