import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import { Alert, Button, Text } from '@mantine/core';

/** A save refused as a whole: someone else saved first (409: reload to see theirs), or it could not be sent. */
export function EditProblem({ problem, onReload }: { problem: { message: string; conflict: boolean }; onReload: () => void }) {
  return (
    <Alert color="red" variant="outline" title={problem.conflict ? 'Someone else saved first' : 'Not saved'}>
      <Text>{problem.message}</Text>
      {problem.conflict && (
        <Button mt="sm" color="dark" onClick={onReload}>
          Reload
        </Button>
      )}
    </Alert>
  );
}
