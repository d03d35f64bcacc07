<?php

/**
 * @generate-class-entries
 */

namespace Altair\Eval\Encoder {

    final class ValueEncoder
    {
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MAX_DEPTH
         */
        public const MAX_DEPTH = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_ITERABLE_PREVIEW
         */
        public const ITERABLE_PREVIEW = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_STRING_MAX
         */
        public const STRING_MAX = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MAX_WIDTH
         */
        public const MAX_WIDTH = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_RESULT_MAX_BYTES
         */
        public const RESULT_MAX_BYTES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_RESULT_MIN_BYTES
         */
        public const RESULT_MIN_BYTES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_BODY_PREVIEW_BYTES
         */
        public const BODY_PREVIEW_BYTES = UNKNOWN;

        private function __construct() {}

        /**
         * $seen (univeros's signature): object ids (spl_object_id() as keys) already on the path; such
         * an object encodes as a reference. $depth: the nesting level $value is at, clamped to
         * [0, MAX_DEPTH]; at MAX_DEPTH an array or object is truncated.
         * @param int $maxBytes the budget: the JSON of the result is at most this long (RESULT_MIN_BYTES..RESULT_MAX_BYTES)
         * @return array<string, mixed>
         */
        public static function encode(mixed $value, array $seen = [], int $depth = 0, int $maxBytes = ValueEncoder::RESULT_MAX_BYTES): array {}

        /**
         * The same encoding, written directly as JSON (what the evaluator sends over its channel).
         */
        public static function encodeJson(mixed $value, int $maxBytes = ValueEncoder::RESULT_MAX_BYTES): string {}
    }

    final class ExceptionEncoder
    {
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MAX_TRACE_FRAMES
         */
        public const MAX_TRACE_FRAMES = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_MAX_PREVIOUS_CHAIN
         */
        public const MAX_PREVIOUS_CHAIN = UNKNOWN;
        /**
         * @var int
         * @cvalue ALTAIR_EVAL_EXCEPTION_MESSAGE_MAX
         */
        public const MESSAGE_MAX = UNKNOWN;

        private function __construct() {}

        /**
         * Paths inside $projectRoot are shown relative to it.
         * @return array<string, mixed>
         */
        public static function encode(\Throwable $throwable, ?string $projectRoot = null): array {}
    }
}
