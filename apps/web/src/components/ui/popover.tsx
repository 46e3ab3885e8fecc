import * as RadixPopover from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Radix popover with the app's styling: non-modal, Escape and outside click close, focus returns. */
export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverClose = RadixPopover.Close;

export function PopoverContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-4 shadow-lg focus:outline-none',
          className,
        )}
        {...props}
      />
    </RadixPopover.Portal>
  );
}
