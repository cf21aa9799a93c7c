import { Alert, List } from '@mantine/core';
import type { ApiError } from '../../domain/apiErrors';
import { orderFailureText } from './orderFailureText';

/** A refused call (SPEC §8): the server's message, or its validation failures one by one. */
export function StepErrorAlert({ error, title }: { error: ApiError | undefined; title: string }) {
  if (!error) return null;
  return (
    <Alert color="lacquerRed" title={title} role="alert">
      {error.message ?? (error.validationErrors.length === 0 ? 'Please try again in a moment.' : null)}
      {error.validationErrors.length > 0 && (
        <List size="sm">
          {error.validationErrors.map((failure) => (
            <List.Item key={`${failure.field}:${failure.message}`}>{orderFailureText(failure)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
