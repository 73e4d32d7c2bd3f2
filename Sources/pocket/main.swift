import PocketApp

await Pocket.main()
