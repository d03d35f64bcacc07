<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Mcp;

use AltairEval\Frontend\Runtime\Outcome;

/**
 * The result contract (docs/api.md, "The result"; docs/ARCHITECTURE.md, "The result channel") as a JSON Schema, the tool's outputSchema.
 */
final class ResultSchema
{
    /**
     * @return array<string, mixed>
     */
    public function schema(): array
    {
        $nullableObject = static fn (string $description, array $extra = []): array => ['type' => ['object', 'null'], 'description' => $description] + $extra;
        $location = [
            'file' => ['type' => ['string', 'null']],
            'line' => ['type' => ['integer', 'null']],
        ];

        return [
            'type' => 'object',
            'properties' => [
                'ok' => ['type' => 'boolean', 'description' => 'Clean run: exit 0, no exception, no timeout, no fatal error.'],
                'result' => $nullableObject('The encoded return value, e.g. {"type":"int","value":2}; null on exception or fatal error.', [
                    'properties' => ['type' => ['type' => 'string']],
                ]),
                'stdout' => ['type' => 'string', 'description' => 'What the snippet printed (capped).'],
                'stderr' => ['type' => 'string', 'description' => 'PHP warnings and fatal errors (capped).'],
                'exception' => $nullableObject('The uncaught throwable: class, message, file, line, code, stack_trace, previous.', [
                    'properties' => [
                        'class' => ['type' => 'string'],
                        'message' => ['type' => 'string'],
                        'code' => ['type' => ['integer', 'string']],
                        'stack_trace' => ['type' => 'array'],
                        'previous' => ['type' => 'array'],
                    ] + $location,
                ]),
                'duration_ms' => ['type' => 'integer', 'minimum' => 0],
                'memory_peak_bytes' => ['type' => 'integer', 'minimum' => 0, 'description' => 'The snippet\'s PHP peak, memory_get_peak_usage(true).'],
                'exit_code' => ['type' => 'integer', 'description' => 'The child\'s exit status; 124 on timeout.'],
                'timed_out' => ['type' => 'boolean'],
                'signal' => ['type' => ['integer', 'null'], 'description' => 'The signal that ended the child, if any.'],
                'limit_exceeded' => [
                    'type' => ['string', 'null'],
                    'description' => 'The limit that ended or cut the run: time, memory, cpu, output, file_size, processes, disk or result_size.',
                ],
                'error' => $nullableObject('A fatal or parse error: type, message, file, line.', [
                    'properties' => ['type' => ['type' => ['integer', 'string']], 'message' => ['type' => 'string']] + $location,
                ]),
                'stdout_truncated' => ['type' => 'boolean'],
                'stderr_truncated' => ['type' => 'boolean'],
                'sandbox' => [
                    'type' => 'object',
                    'description' => 'Which guards held: disable_functions, open_basedir, rlimits, seccomp, landlock_abi, netns, ipcns, mountns, scratch_capped, ffi_disabled, result_channel, unavailable; and databases: each database the snippet could reach.',
                    'properties' => [
                        'databases' => [
                            'type' => 'array',
                            'description' => 'Each declared or discovered database: its protocol, address, mode (read-only, rollback, writes, not protected, unreachable), who declared it, what enforces the mode and what could still get through.',
                            'items' => [
                                'type' => 'object',
                                'properties' => [
                                    'protocol' => ['type' => 'string'],
                                    'address' => ['type' => 'string'],
                                    'mode' => ['type' => 'string'],
                                    'declared_by' => ['type' => 'string'],
                                    'reached_through' => ['type' => 'string'],
                                    'enforced_by' => ['type' => ['string', 'null']],
                                    'residual' => ['type' => ['string', 'null']],
                                    'note' => ['type' => ['string', 'null']],
                                    'connections' => ['type' => 'integer', 'minimum' => 0],
                                    'connections_refused' => ['type' => 'integer', 'minimum' => 0],
                                    'server_version' => ['type' => ['string', 'null']],
                                    'superuser' => ['type' => ['boolean', 'null']],
                                    'tls' => [
                                        'type' => ['object', 'null'],
                                        'description' => 'TLS on the relay\'s legs, as the app\'s configuration asks: to_server (none, or what of the certificate was checked), to_child (the relay presented its own certificate to the snippet\'s driver), failure, note.',
                                    ],
                                ],
                                'required' => ['protocol', 'address', 'mode'],
                            ],
                        ],
                    ],
                ],
                'host' => $nullableObject('What was booted before the snippet: framework (laravel, symfony, bootstrap, univeros or none), version, environment, bootstrap, debug, boot_id (an identity each boot makes: the same in every warm call one boot served).'),
                'memory_peak_rss_bytes' => ['type' => ['integer', 'null'], 'minimum' => 0, 'description' => 'The child\'s own peak resident set (VmHWM); null when it ended before it could say.'],
                'queries' => [
                    'type' => 'array',
                    'description' => 'Every statement the databases ran through the relay, in order; capped, then a last {truncated: true}.',
                    'items' => [
                        'type' => 'object',
                        'properties' => [
                            'database' => ['type' => 'integer', 'minimum' => 0, 'description' => 'Its index in sandbox.databases.'],
                            'text' => ['type' => 'string', 'description' => 'The SQL or the Redis command (secrets the protocol marks, such as AUTH, masked ***).'],
                            'params' => ['type' => ['array', 'null'], 'description' => 'The bound parameters, where the protocol carries them.'],
                            'duration_ms' => ['type' => 'number', 'minimum' => 0],
                            'rows' => ['type' => ['integer', 'null'], 'description' => 'Rows returned or affected.'],
                            'error' => ['type' => ['string', 'null']],
                            'refused' => ['type' => 'boolean', 'description' => 'The relay refused it (a write in read-only mode, an implicit commit in rollback mode).'],
                            'truncated' => ['type' => 'boolean', 'description' => 'Only on the last entry, when the cap was reached.'],
                        ],
                    ],
                ],
                'effects' => [
                    'type' => 'array',
                    'description' => 'In read-only and rollback mode, what the app would have sent, queued, dispatched, called or logged, recorded instead of done; '
                        . 'and every connection the sandbox refused (kind blocked). In order; capped, then a last {truncated: true}.',
                    'items' => [
                        'type' => 'object',
                        'properties' => [
                            'kind' => [
                                'type' => 'string',
                                'description' => 'mail {to, subject, mailable}, job {class, queue, connection, payload_bytes}, event {class, listeners}, '
                                    . 'broadcast {event, channels}, notification {class, channel, notifiable}, http {method, url, status, fake}, '
                                    . 'log {level, message, channel}, blocked {call, address}, unrecorded {transport, reason}.',
                            ],
                            'truncated' => ['type' => 'boolean', 'description' => 'Only on the last entry, when the cap was reached.'],
                        ],
                    ],
                ],
                'session' => $nullableObject('A session\'s call (framework__session_open): id, the session\'s handle; call, its number (the opening is 1); kept, whether the session\'s state is this call\'s now (false: the call did not end well and the session is as before it). null outside a session.', [
                    'properties' => [
                        'id' => ['type' => 'string'],
                        'call' => ['type' => 'integer', 'minimum' => 1],
                        'kept' => ['type' => 'boolean'],
                    ],
                    'required' => ['id', 'call', 'kept'],
                ]),
            ],
            'required' => Outcome::KEYS,
        ];
    }
}
