from autoqa.cli import main

main()
