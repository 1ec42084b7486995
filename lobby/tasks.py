from celery import shared_task

from lobby import services


@shared_task(name="lobby.tasks.sweep_quick_match_queue", ignore_result=True)
def sweep_quick_match_queue() -> int:
    return services.sweep_quick_match_queue()
