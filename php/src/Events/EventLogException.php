<?php

declare(strict_types=1);

namespace Altair\Eval\Events;

final class EventLogException extends \RuntimeException
{
}
