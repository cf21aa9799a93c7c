import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useAuthBusy, useAuthFailure } from "./useAuthScreen";

interface DeleteAccountDialogProps {
  opened: boolean;
  email: string;
  onDelete(): void;
  onKeep(): void;
}

/**
 * The confirmation before erasure (docs/accounts.md, UK GDPR): what goes, what the restaurant keeps and why. A
 * failure is shown here, with nothing deleted, so the customer can try again or keep the account.
 */
export function DeleteAccountDialog({
  opened,
  email,
  onDelete,
  onKeep,
}: DeleteAccountDialogProps) {
  const busy = useAuthBusy();
  const failure = useAuthFailure("deleteAccount");
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete your account?"
      onClose={onKeep}
    >
      <Stack gap="sm">
        <Text>Deleting your account cannot be undone. We delete:</Text>
        <List size="sm">
          <List.Item>
            your profile: your name, phone number and discount
          </List.Item>
          <List.Item>your saved addresses</List.Item>
          <List.Item>your vouchers and points</List.Item>
          <List.Item>your sign-in as {email}</List.Item>
        </List>
        <Text size="sm">
          The restaurant keeps its record of your previous orders, as it must
          for its accounts, but without your name, email, phone number or
          address.
        </Text>
        {failure && (
          <Alert
            color="lacquerRed"
            role="alert"
            title="Your account was not deleted"
          >
            {failure}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onKeep} disabled={busy}>
            Keep my account
          </Button>
          <Button color="lacquerRed" onClick={onDelete} loading={busy}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </ConfirmDialog>
  );
}
