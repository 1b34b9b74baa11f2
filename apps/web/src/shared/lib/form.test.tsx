import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiError } from './api-client';
import { fieldMessage, serverFieldErrors, useContractForm } from './form';

const schema = z.object({
  profileId: z.string(),
  name: z.string().check(z.minLength(1, { error: 'is required' })),
  schedule: z.object({ time: z.string().check(z.regex(/^\d\d:\d\d$/, { error: 'must be HH:MM' })) }),
});

const setup = () =>
  renderHook(() =>
    useContractForm(
      schema,
      { name: '', time: 'soon' },
      {
        labels: { name: 'Name', time: 'Time' },
        fieldOf: { 'schedule.time': 'time' },
        toRequest: (v) => ({ profileId: 'p-1', name: v.name, schedule: { time: v.time } }),
      },
    ),
  );

describe('useContractForm', () => {
  it("shows the contract's messages under the labelled fields and sends nothing", () => {
    const { result } = setup();
    const send = vi.fn();
    act(() => result.current.submit(send)());
    expect(result.current.errors).toEqual({ name: 'Name is required', time: 'Time must be HH:MM' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the parsed request once the values pass', () => {
    const { result } = setup();
    const send = vi.fn();
    act(() => result.current.setValues({ name: 'Lobby', time: '22:00' }));
    act(() => result.current.submit(send)());
    expect(send).toHaveBeenCalledWith(
      { profileId: 'p-1', name: 'Lobby', schedule: { time: '22:00' } },
      { name: 'Lobby', time: '22:00' },
    );
  });

  it("puts a 400's errors[{field, message}] under the fields it names", () => {
    const { result } = setup();
    const error = new ApiError(400, 'name: is taken', {
      respones_msg: 'name: is taken',
      code: 'E_VALIDATION',
      errors: [{ field: 'schedule.time', message: 'must be HH:MM' }],
    } as never);
    act(() => void result.current.setServerErrors(error));
    expect(result.current.errors).toEqual({ time: 'Time must be HH:MM', name: 'Name is taken' });
  });
});

describe('field messages', () => {
  it('puts the label in front of a message written after the field, capitalises a sentence', () => {
    expect(fieldMessage('Pin', 'must be 4 to 12 digits')).toBe('Pin must be 4 to 12 digits');
    expect(fieldMessage('Pin', 'add at least one')).toBe('Add at least one');
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
