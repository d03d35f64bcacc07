<?php

declare(strict_types=1);

namespace AltairEval\Frontend\Events;

final class EventLogException extends \RuntimeException
{
}
