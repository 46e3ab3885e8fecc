import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { parseJoinLink } from '../lib/join-link';

/** Join Existing Transaction: paste the share link; its last path segment is the invitation code. */
export function JoinLinkForm() {
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = parseJoinLink(link);
    if (!result.ok) return setError(result.error);
    navigate(`/app/join-transaction/${encodeURIComponent(result.code)}`);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field id="join-link" label="Transaction link" error={error}>
        <Input
          id="join-link"
          value={link}
          autoComplete="off"
          placeholder="https://…/app/join-transaction/…"
          onChange={(event) => {
            setLink(event.target.value);
            setError(undefined);
          }}
          {...fieldErrorProps('join-link', error)}
        />
      </Field>
      <Button type="submit" className="w-full">
        Join Transaction
      </Button>
      <p className="text-center text-sm">
        <Link to="/app/transactions" className="font-medium text-brand-700 hover:underline">
          Already joined the Transaction? Click here to confirm
        </Link>
      </p>
    </form>
  );
}
