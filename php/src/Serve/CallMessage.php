<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Serve;

use AltairEval\Frontend\Runtime\EvalCall;

/**
 * An EvalCall as it travels to the server (an array of scalars and lists), and back; decode()
 * checks every field's type, so that a malformed request is refused, never evaluated.
 */
final class CallMessage
{
    /**
     * @return array<string, mixed>
     */
    public function encode(EvalCall $call): array
    {
        return [
            'snippet' => $call->snippet,
            'project_root' => $call->projectRoot,
            'timeout_ms' => $call->timeoutMs,
            'memory_mb' => $call->memoryLimitMb,
            'writes' => $call->allowWrites,
            'network' => $call->allowNetwork,
            'bootstrap' => $call->bootstrap,
            'unsafe' => $call->unsafe,
            'endpoints' => $call->allowEndpoints,
            'env_policy' => $call->envPolicy,
            'env_allow' => $call->envAllow,
            'databases' => $call->databases,
            'fake_http' => $call->fakeHttp,
            'session' => $call->session,
            'timeout_given' => $call->timeoutGiven,
        ];
    }

    /**
     * @param array<mixed> $data
     * @throws ServeError
     */
    public function decode(array $data): EvalCall
    {
        $bootstrap = $data['bootstrap'] ?? null;

        return new EvalCall(
            snippet: $this->string($data, 'snippet'),
            projectRoot: $this->string($data, 'project_root'),
            timeoutMs: $this->int($data, 'timeout_ms'),
            memoryLimitMb: $this->int($data, 'memory_mb'),
            allowWrites: ($data['writes'] ?? null) === EvalCall::WRITES_ROLLBACK ? EvalCall::WRITES_ROLLBACK : $this->bool($data, 'writes'),
            allowNetwork: $this->bool($data, 'network'),
            bootstrap: $bootstrap === null ? null : $this->string($data, 'bootstrap'),
            unsafe: $this->bool($data, 'unsafe'),
            allowEndpoints: $this->strings($data, 'endpoints'),
            envPolicy: $this->string($data, 'env_policy'),
            envAllow: $this->strings($data, 'env_allow'),
            databases: array_key_exists('databases', $data) ? $this->strings($data, 'databases') : [],
            fakeHttp: array_key_exists('fake_http', $data) ? $this->stringMap($data, 'fake_http') : [],
            session: ($data['session'] ?? null) === null ? null : $this->string($data, 'session'),
            timeoutGiven: ($data['timeout_given'] ?? true) !== false,
        );
    }

    /** @param array<mixed> $data */
    private function string(array $data, string $key): string
    {
        return is_string($data[$key] ?? null) ? $data[$key] : throw new ServeError(sprintf('malformed request: %s.', $key));
    }

    /** @param array<mixed> $data */
    private function int(array $data, string $key): int
    {
        return is_int($data[$key] ?? null) ? $data[$key] : throw new ServeError(sprintf('malformed request: %s.', $key));
    }

    /** @param array<mixed> $data */
    private function bool(array $data, string $key): bool
    {
        return is_bool($data[$key] ?? null) ? $data[$key] : throw new ServeError(sprintf('malformed request: %s.', $key));
    }

    /**
     * @param array<mixed> $data
     * @return array<string, string>
     */
    private function stringMap(array $data, string $key): array
    {
        $map = $data[$key] ?? null;
        if ($map instanceof \stdClass) {
            $map = get_object_vars($map);
        }
        if (!is_array($map) || array_filter($map, 'is_string') !== $map || array_filter(array_keys($map), 'is_string') !== array_keys($map)) {
            throw new ServeError(sprintf('malformed request: %s.', $key));
        }
        /** @var array<string, string> $map */
        return $map;
    }

    /**
     * @param array<mixed> $data
     * @return list<string>
     */
    private function strings(array $data, string $key): array
    {
        $list = $data[$key] ?? null;
        if (!is_array($list) || !array_is_list($list) || array_filter($list, 'is_string') !== $list) {
            throw new ServeError(sprintf('malformed request: %s.', $key));
        }
        /** @var list<string> $list */
        return $list;
    }
}
